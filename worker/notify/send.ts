import type { Env } from "../env";
import type { ChannelRow } from "../store/types";
import { refused, type ChannelResult, type Notice } from "./notice";
import { sendPush } from "./push";
import { vapidFrom } from "./vapid";
import type { WebhookKind } from "./webhook";
import { sendWebhook } from "./webhook";

/** Sends one notice on one channel, whatever its kind. */
export async function sendOnChannel(env: Env, channel: ChannelRow, notice: Notice): Promise<ChannelResult> {
  if (channel.kind === "push") {
    const vapid = vapidFrom(env);
    if (!vapid.ok) return refused(vapid.reason);
    if (!channel.p256dh || !channel.auth) return refused("the push subscription has no keys");
    return sendPush({ endpoint: channel.endpoint, p256dh: channel.p256dh, auth: channel.auth }, notice, vapid.vapid);
  }
  return sendWebhook(channel.kind as WebhookKind, channel.endpoint, notice, channel.secret ?? undefined);
}
