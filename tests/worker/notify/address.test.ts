// The host checks on their own, with the raw forms a URL parser would already have normalised
// (so they hold even where a runtime's URL leaves a host as written).
import { describe, expect, it } from "vitest";
import { parseIPv4, parseIPv6, privateHostReason } from "../../../worker/notify/address";

describe("address parsing", () => {
  it.each([
    ["127.0.0.1", 0x7f000001],
    ["2130706433", 0x7f000001],
    ["0x7f000001", 0x7f000001],
    ["0x7F.1", 0x7f000001],
    ["0177.0.0.01", 0x7f000001],
    ["127.1", 0x7f000001],
    ["10.0x10.1", 0x0a100001],
    ["255.255.255.255", 0xffffffff],
  ])("IPv4 %s", (text, value) => expect(parseIPv4(text)).toBe(value));

  it.each(["256.0.0.1", "1.2.3.4.5", "1..2.3", "0x1g", "08.0.0.1", "example.org", "4294967296", ""])("not IPv4: %s", (text) => expect(parseIPv4(text)).toBeNull());

  it.each([
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["fe80::1:2", [0xfe80, 0, 0, 0, 0, 0, 1, 2]],
    ["::ffff:127.0.0.1", [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ["1:2:3:4:5:6:7:8", [1, 2, 3, 4, 5, 6, 7, 8]],
    ["1:2:3:4:5:6:1.2.3.4", [1, 2, 3, 4, 5, 6, 0x102, 0x304]],
  ])("IPv6 %s", (text, words) => expect(parseIPv6(text)).toEqual(words));

  it.each(["1:2:3", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "fe80::1%eth0", "::ffff:300.0.0.1", ":1:2:3:4:5:6:7"])("not IPv6: %s", (text) => expect(parseIPv6(text)).toBeNull());

  it.each([
    ["0x7f000001", /loopback/],
    ["017700000001", /loopback/],
    ["[0:0:0:0:0:ffff:7f00:1]", /loopback/],
    ["[::127.0.0.1]", /loopback/],
    ["[2002:c0a8:101::1]", /6to4/],
    ["[fec0::1]", /site-local/],
    ["[not-an-address]", /not a valid IPv6/],
    ["router.home.arpa", /home\.arpa/],
    ["internal", /\.internal/],
  ])("refuses %s", (host, reason) => expect(privateHostReason(host)).toMatch(reason));

  it.each(["example.org", "[2001:db8::1]", "8.8.8.8", "[2002:808:808::1]", "[::ffff:8.8.8.8]"])("allows %s", (host) => expect(privateHostReason(host)).toBeNull());
});
