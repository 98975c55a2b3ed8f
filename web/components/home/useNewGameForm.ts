/** The new-game form's state: the rulesets on offer, the choices made, the seats, and the sending. */
import { useEffect, useState } from "preact/hooks";
import { api, plainMessage, type RulesetInfo } from "../../api";
import { RULESET_VIEWS } from "../../rulesets/registry";
import { EMPTY_SEAT, newGameRequest, WATCH, type SeatForm } from "./newGameRequest";

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The map a new game starts on unless the player picks another (DiceWars' seed plays 20x20). */
const DEFAULT_SCENARIO: Readonly<Record<string, string>> = { dicewars: "20x20" };

export function useNewGameForm() {
  const [rulesets, setRulesets] = useState<RulesetInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rid, setRid] = useState("");
  const [scenario, setScenario] = useState("");
  const [options, setOptions] = useState<Record<string, string>>({});
  // options the player chose by hand keep their value when the seats change (see betweenHumans below)
  const [optionsChosen, setOptionsChosen] = useState<string[]>([]);
  const [hours, setHours] = useState("72");
  const [mySeat, setMySeat] = useState("");
  const [seats, setSeats] = useState<Record<string, SeatForm>>({});
  const [watcherEmail, setWatcherEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a game made without your own email: its link is the only way back to your seat, so it is shown to be saved first
  const [saveLink, setSaveLink] = useState<string | null>(null);

  useEffect(() => {
    api
      .rulesets()
      .then(({ rulesets: all }) => {
        // a ruleset the API hosts but the page cannot draw yet is played through the API only
        const playable = all.filter((r) => r.id in RULESET_VIEWS);
        setRulesets(playable);
        if (playable[0]) pick(playable[0]);
      })
      .catch((e) => setLoadError(plainMessage(e)));
  }, []);

  const rs = rulesets?.find((r) => r.id === rid);
  const sc = rs?.scenarios.find((s) => s.id === scenario);
  // a "players" option (DiceWars) seats only the first so many
  const playersOpt = rs?.options.some((o) => o.name === "players") ? Number(options.players) : NaN;
  const seatList = (sc?.seats ?? rs?.seats ?? []).slice(0, playersOpt > 0 ? playersOpt : undefined);
  const seatTitle = (seat: string) => sc?.seatTitles?.[seat] ?? cap(seat);
  useEffect(() => {
    if (seatList.length && mySeat !== WATCH && !seatList.includes(mySeat)) setMySeat(seatList[0]!);
  }, [seatList.join()]);

  function pick(r: RulesetInfo, scenarioId?: string) {
    setRid(r.id);
    const s = r.scenarios.find((x) => x.id === (scenarioId ?? DEFAULT_SCENARIO[r.id])) ?? r.scenarios[0];
    setScenario(s?.id ?? "");
    // every seat starts as a person
    setOptions(Object.fromEntries(r.options.map((o) => [o.name, String(o.defaultBetweenHumans ?? o.default)])));
    setOptionsChosen([]);
    const list = s?.seats ?? r.seats ?? [];
    setMySeat(list[0] ?? "");
    setSeats(Object.fromEntries(list.map((x) => [x, { ...EMPTY_SEAT }])));
  }

  // an option may suggest another value when every seat is a person (the skirmish's activations in a row)
  const betweenHumans = mySeat !== WATCH && seatList.every((s) => s === mySeat || !seats[s]?.bot);
  useEffect(() => {
    const suggested = rs?.options.filter((o) => o.defaultBetweenHumans !== undefined && !optionsChosen.includes(o.name)) ?? [];
    if (suggested.length) setOptions((now) => ({ ...now, ...Object.fromEntries(suggested.map((o) => [o.name, String(betweenHumans ? o.defaultBetweenHumans : o.default)])) }));
  }, [rid, betweenHumans]);

  const setSeat = (seat: string, change: Partial<SeatForm>) => setSeats({ ...seats, [seat]: { ...seats[seat]!, ...change } });
  const chooseOption = (name: string, value: string) => {
    setOptions({ ...options, [name]: value });
    setOptionsChosen([...optionsChosen, name]);
  };

  async function submit(e: Event) {
    e.preventDefault();
    if (!rs) return;
    setError(null);
    const body = newGameRequest({ ruleset: rs, scenario, options, hours, mySeat, seatList, seats, watcherEmail });
    setBusy(true);
    try {
      const r = await api.create(body);
      const link = r.you ? `/g/${encodeURIComponent(r.id)}#t=${encodeURIComponent(r.you.token)}` : `/g/${encodeURIComponent(r.id)}`;
      if (r.you && !seats[mySeat]?.email.trim()) {
        setSaveLink(location.origin + link);
        setBusy(false);
      } else location.assign(link);
    } catch (err) {
      setError(plainMessage(err));
      setBusy(false);
    }
  }

  return {
    rulesets, loadError, rid, rs, scenario, pick, options, chooseOption, hours, setHours,
    mySeat, setMySeat, watching: mySeat === WATCH, seats, setSeat, seatList, seatTitle,
    watcherEmail, setWatcherEmail, error, busy, saveLink, submit,
  };
}

export type NewGameForm = ReturnType<typeof useNewGameForm>;
