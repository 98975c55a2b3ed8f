/**
 * The seat's channels (push devices and webhooks) with a test and a remove each, and the form
 * that adds a webhook. A json webhook's secret is shown once, when it is made.
 */
import { useState } from "preact/hooks";
import { ApiError, api, plainMessage, type ChannelKind, type ChannelsAnswer } from "../api";

type WebhookKind = Exclude<ChannelKind, "push">;

const NAMES: Record<ChannelKind, string> = { push: "Push", discord: "Discord", slack: "Slack", ntfy: "ntfy", json: "JSON" };
const EXAMPLES: Record<WebhookKind, string> = {
  discord: "https://discord.com/api/webhooks/…",
  slack: "https://hooks.slack.com/services/…",
  ntfy: "https://ntfy.sh/your-topic",
  json: "https://your-server.example/hexpost",
};

interface Props {
  gameId: string;
  token: string;
  answer: ChannelsAnswer;
  /** the channel that is this device's push subscription, if any */
  deviceChannel: string | null;
  onChange: () => Promise<void>;
}

export function NotifyChannels({ gameId, token, answer, deviceChannel, onChange }: Props) {
  const [said, setSaid] = useState<Record<string, string>>({});
  const say = (id: string, text: string) => setSaid((s) => ({ ...s, [id]: text }));
  const test = async (id: string) => {
    say(id, "Sending…");
    try {
      const r = await api.testChannel(gameId, token, id);
      say(id, r.ok ? "Sent" : `Not sent: ${r.reason}`);
    } catch (e) {
      say(id, plainMessage(e));
    }
  };
  const remove = async (id: string) => {
    try {
      await api.removeChannel(gameId, token, id);
      await onChange();
    } catch (e) {
      say(id, plainMessage(e));
    }
  };
  return (
    <div class="notify-channels">
      <h4>Where notices go besides mail</h4>
      {answer.channels.length === 0 ? (
        <p class="muted">Nowhere yet.</p>
      ) : (
        <ul class="notify-list">
          {answer.channels.map((c) => (
            <li key={c.id} class="notify-item" data-kind={c.kind}>
              <p>
                <strong>{NAMES[c.kind]}</strong> {c.target}
                {c.id === deviceChannel && " (this device)"} <span class="muted">· {c.scope === "seat" ? "this game" : "all my games"}</span>
              </p>
              {c.disabled && (
                <p class="notify-warn" role="alert">
                  Switched off after {c.failures} failures: {c.lastError ?? "no answer"}; add it again to switch it on.
                </p>
              )}
              <p class="notify-row">
                <button type="button" onClick={() => void test(c.id)}>
                  Send a test
                </button>
                <button type="button" onClick={() => void remove(c.id)}>
                  Remove
                </button>
              </p>
              {said[c.id] && <p role="status">{said[c.id]}</p>}
            </li>
          ))}
        </ul>
      )}
      <AddWebhook gameId={gameId} token={token} full={answer.channels.length >= answer.maxChannels} max={answer.maxChannels} proven={answer.addressProven} onAdded={onChange} />
    </div>
  );
}

/** A refusal placed by the field the server names (`details.field`); the message without its "field: " prefix. */
function refusal(e: unknown): { field: string; message: string } {
  if (e instanceof ApiError && e.status === 400 && typeof e.details?.field === "string") {
    const field = e.details.field;
    return { field, message: e.message.startsWith(`${field}: `) ? e.message.slice(field.length + 2) : e.message };
  }
  return { field: "", message: plainMessage(e) };
}

function AddWebhook({ gameId, token, full, max, proven, onAdded }: { gameId: string; token: string; full: boolean; max: number; proven: boolean; onAdded: () => Promise<void> }) {
  const [kind, setKind] = useState<WebhookKind>("discord");
  const [url, setUrl] = useState("");
  const [everywhere, setEverywhere] = useState(false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const add = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setSecret(null);
    try {
      const r = await api.addChannel(gameId, token, { kind, url: url.trim(), scope: everywhere ? "address" : "seat" });
      setUrl("");
      setSecret(r.secret ?? null);
      setCopied(null);
      await onAdded();
    } catch (err) {
      setError(refusal(err));
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Copied.");
    } catch {
      setCopied("Could not copy: select it and copy it by hand.");
    }
  };
  const errorAt = (field: string) => error && error.field === field && <p class="notify-field-error">{error.message}</p>;
  return (
    <form class="notify-add" onSubmit={add} noValidate>
      <h4>Add a webhook</h4>
      {full && <p class="muted">At most {max} channels: remove one to add another.</p>}
      <label class="field">
        <span>Kind</span>
        <select value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as WebhookKind)}>
          {(Object.keys(EXAMPLES) as WebhookKind[]).map((k) => (
            <option key={k} value={k}>
              {NAMES[k]}
            </option>
          ))}
        </select>
      </label>
      {errorAt("kind")}
      <label class="field">
        <span>URL</span>
        <input type="url" inputMode="url" autoComplete="off" placeholder={EXAMPLES[kind]} value={url} onInput={(e) => setUrl((e.target as HTMLInputElement).value)} />
      </label>
      {errorAt("url")}
      <label class="notify-toggle">
        <input type="checkbox" checked={everywhere && proven} disabled={!proven} onChange={(e) => setEverywhere((e.target as HTMLInputElement).checked)} />
        <span>For all my games</span>
      </label>
      {!proven && <p class="muted small">For all your games, open this game from one of our mails: its link proves your address.</p>}
      {errorAt("scope")}
      <button type="submit" class="primary">
        Add
      </button>
      {error && !["kind", "url", "scope"].includes(error.field) && <p class="notify-field-error">{error.message}</p>}
      {secret && (
        <div class="notify-secret" role="status">
          <p>This webhook's secret, shown only now:</p>
          <p class="notify-row">
            <code>{secret}</code>
            <button type="button" onClick={() => void copy(secret)}>
              Copy
            </button>
          </p>
          {copied && <p class="muted">{copied}</p>}
          <p class="small">
            It signs every request's body: X-Hexpost-Signature is sha256= the HMAC-SHA256, keyed with this secret, of X-Hexpost-Timestamp, a dot and the body
            (the README shows how to check it).
          </p>
        </div>
      )}
    </form>
  );
}
