import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { botAction, createMoscow } from "./play";

const client = api();

type Entry = { seq: number; seat: string; by: string; events: unknown[]; draws: unknown[]; lines: string[] };

/** The log's own entries after `after`: what a page would have fetched. */
const logAfter = async (id: string, after: number) => (await client.get(`/api/games/${id}/log?after=${after}`)).body.entries as Entry[];

describe("a move's answer carries the log entries it wrote", () => {
  it("the German's batch, the computer's reply and each POST /continue: entries marked by who made them, the same as the log's", async () => {
    const { id, german } = await createMoscow(client, { sovietBot: true, seed: "answer-entries" });
    let game = (await client.get(`/api/games/${id}`, german)).body;
    let sawComputer = false;
    let sawContinue = false;
    // each move on an isolate of its own (its first request): the computer answers one action in
    // it and goes on over POST /continue, whatever its budget of a warm request
    const cold = () => api();
    for (let n = 0; n < 300 && game.status === "active" && !(sawComputer && sawContinue); n++) {
      const before = game.seq as number;
      let res;
      if (game.botsWaiting) {
        res = await cold().post(`/api/games/${id}/continue`, {}, german);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.continued).toBe(true);
        // a resumed run opens with the service's marker, then the computer's own turns
        expect(res.body.entries[0].by).toBe("service");
        expect(res.body.entries.slice(1).every((e: Entry) => e.by === "computer" && e.seat === "soviet")).toBe(true);
        sawContinue = true;
      } else {
        const action = botAction(game.state, "german", n);
        res = await cold().post(`/api/games/${id}/actions`, { seq: before, actions: [action] }, german);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const [own, ...after] = res.body.entries as Entry[];
        expect(own!.by).toBe("player");
        expect(own!.seat).toBe("german");
        expect(own!.lines).toEqual(res.body.lines.slice(0, own!.lines.length));
        if (after.length) {
          expect(after.every((e) => e.by === "computer" && e.seat === "soviet")).toBe(true);
          sawComputer = true;
        }
      }
      const entries = res.body.entries as Entry[];
      // contiguous from the seq the request was made at to the seq it answers
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: res.body.seq - before }, (_, i) => before + 1 + i));
      expect(entries).toEqual(await logAfter(id, before));
      game = { ...game, ...res.body };
      expect(game.state).toEqual((await client.get(`/api/games/${id}`, german)).body.state);
    }
    expect(sawComputer).toBe(true);
    expect(sawContinue).toBe(true);
  });

  it("a POST /continue with nothing to do says so and writes nothing", async () => {
    const { id, german } = await createMoscow(client, { sovietBot: true, seed: "answer-idle" });
    const before = (await client.get(`/api/games/${id}`)).body.seq;
    const res = await client.post(`/api/games/${id}/continue`, {}, german);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ continued: false, seq: before, entries: [] });
    expect((await client.get(`/api/games/${id}`)).body.seq).toBe(before);
  });

  it("a repeated Idempotency-Key answers the first try's entries", async () => {
    const { id, german } = await createMoscow(client, { sovietBot: true, seed: "answer-replay" });
    const game = (await client.get(`/api/games/${id}`, german)).body;
    const body = { seq: game.seq, actions: [botAction(game.state, "german", 0)] };
    const first = await client.post(`/api/games/${id}/actions`, body, german, { "idempotency-key": "answer-replay-1" });
    const again = await client.post(`/api/games/${id}/actions`, body, german, { "idempotency-key": "answer-replay-1" });
    expect(first.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.entries).toEqual(first.body.entries);
  });
});
