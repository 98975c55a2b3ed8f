import { useState } from "preact/hooks";
import { plainMessage } from "../api";

/**
 * One request from a settings panel: on success the panel says `done` and the game reloads; a
 * refusal is said in plain words. The server decides; the panel only asks.
 */
export function useAsk(reload: () => void) {
  const [msg, setMsg] = useState<string | null>(null);
  const ask = async (what: () => Promise<unknown>, done: string) => {
    setMsg(null);
    try {
      await what();
      setMsg(done);
      reload();
    } catch (e) {
      setMsg(plainMessage(e));
    }
  };
  return { msg, ask };
}
