/** `/`: what hexpost is, and the new-game form. */
import { MyGames } from "../components/MyGames";
import { RULESET_VIEWS } from "../rulesets/registry";
import { useEffect, useState } from "preact/hooks";
import { api, plainMessage, type RulesetInfo } from "../api";

const TIME_CONTROLS: { value: number | null; label: string }[] = [
  { value: 24, label: "1 day per move" },
  { value: 48, label: "2 days per move" },
  { value: 72, label: "3 days per move" },
  { value: 168, label: "1 week per move" },
  { value: null, label: "no time limit" },
];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type SeatForm = { bot: boolean; name: string; email: string };

/** "You play" nobody: the computer takes every seat and you watch. */
const WATCH = "@watch";

/** The map a new game starts on unless the player picks another (DiceWars' seed plays 20x20). */
const DEFAULT_SCENARIO: Readonly<Record<string, string>> = { dicewars: "20x20" };

export default function Home() {
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
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    document.title = "hexpost: wargames by email";
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
    setSeats(Object.fromEntries(list.map((x) => [x, { bot: false, name: "", email: "" }])));
  }

  // an option may suggest another value when every seat is a person (the skirmish's activations in a row)
  const betweenHumans = mySeat !== WATCH && seatList.every((s) => s === mySeat || !seats[s]?.bot);
  useEffect(() => {
    const suggested = rs?.options.filter((o) => o.defaultBetweenHumans !== undefined && !optionsChosen.includes(o.name)) ?? [];
    if (suggested.length) setOptions((now) => ({ ...now, ...Object.fromEntries(suggested.map((o) => [o.name, String(betweenHumans ? o.defaultBetweenHumans : o.default)])) }));
  }, [rid, betweenHumans]);

  const setSeat = (seat: string, change: Partial<SeatForm>) => setSeats({ ...seats, [seat]: { ...seats[seat]!, ...change } });
  const watching = mySeat === WATCH;

  async function submit(e: Event) {
    e.preventDefault();
    if (!rs) return;
    setError(null);
    const body = {
      ruleset: rs.id,
      scenario,
      options: Object.fromEntries(
        rs.options.map((o) => {
          const raw = options[o.name] ?? String(o.default);
          const choice = o.choices.find((c) => String(c) === raw) ?? o.default;
          return [o.name, choice];
        }),
      ),
      hoursPerTurn: hours === "none" ? null : Number(hours),
      ...(watching ? { watcher: watcherEmail.trim() || undefined } : { creator: mySeat }),
      seats: Object.fromEntries(
        seatList.map((s) => {
          if (watching) return [s, { bot: true }];
          const f = seats[s] ?? { bot: false, name: "", email: "" };
          if (s !== mySeat && f.bot) return [s, { bot: true }];
          return [s, { name: f.name.trim() || undefined, email: f.email.trim() || undefined }];
        }),
      ),
    };
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

  return (
    <main class="page home">
      <header class="intro">
        <h1>hexpost</h1>
        <p class="lead">Play hex-and-counter wargames by email.</p>
        <p>
          Start a game and invite a friend (or play the computer). Whenever it is your move you get an email with a link; it opens the board on
          your phone or computer, shows what your opponent did, and lets you make your move. The server checks every move against the rules
          and rolls the dice; the dice seed is published when the game ends, so anyone can check them.
        </p>
      </header>
      {saveLink && (
        <section class="card save-link" role="alertdialog" aria-labelledby="save-link-title">
          <h2 id="save-link-title">Save your game's link</h2>
          <p>
            You gave no email, so no mail will bring you back: this link is the only way to your seat. Bookmark it, or copy it somewhere safe.
            Anyone with it can play your side.
          </p>
          <label class="field">
            <span>Your seat's link</span>
            <input readOnly value={saveLink} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          </label>
          <div class="buttons">
            <button type="button" onClick={() => navigator.clipboard?.writeText(saveLink).catch(() => undefined)}>
              Copy the link
            </button>
          </div>
          <label class="choice">
            <input type="checkbox" checked={saved} onChange={(e) => setSaved((e.target as HTMLInputElement).checked)} /> <span>I have saved this link</span>
          </label>
          <button type="button" class="primary big" disabled={!saved} onClick={() => location.assign(saveLink)}>
            Open the game
          </button>
        </section>
      )}
      <form class="card newgame" onSubmit={submit} aria-labelledby="newgame-title" hidden={!!saveLink}>
        <h2 id="newgame-title">New game</h2>
        {loadError && (
          <p class="error" role="alert">
            {loadError}
          </p>
        )}
        {!rulesets && !loadError && <p class="muted">Loading the games…</p>}
        {rulesets && (
          <>
            <fieldset>
              <legend>Game</legend>
              {rulesets.map((r) => (
                <label key={r.id} class="choice">
                  <input type="radio" name="ruleset" value={r.id} checked={rid === r.id} onChange={() => pick(r)} />
                  <span>{r.title}</span>
                </label>
              ))}
            </fieldset>
            {rs && (
              <fieldset>
                <legend>Scenario</legend>
                {rs.scenarios.map((s) => (
                  <label key={s.id} class="choice">
                    <input type="radio" name="scenario" value={s.id} checked={scenario === s.id} onChange={() => pick(rs, s.id)} />
                    <span>
                      <strong>{s.title}</strong>
                      <small>{s.line}</small>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {rs && rs.options.length > 0 && (
              <fieldset>
                <legend>Options</legend>
                {rs.options.map((o) => (
                  <label key={o.name} class="field">
                    <span>{o.title}</span>
                    <select name={o.name} value={options[o.name]} onChange={(e) => {
                        setOptions({ ...options, [o.name]: (e.target as HTMLSelectElement).value });
                        setOptionsChosen([...optionsChosen, o.name]);
                      }}>
                      {o.choices.map((c) => (
                        <option key={String(c)} value={String(c)}>
                          {String(c)}
                          {c === o.default ? " (standard)" : c === o.defaultBetweenHumans ? " (suggested between people)" : ""}
                        </option>
                      ))}
                    </select>
                    <small>{o.line}</small>
                  </label>
                ))}
              </fieldset>
            )}
            <fieldset>
              <legend>Time control</legend>
              <label class="field">
                <span>Time for each move</span>
                <select name="hoursPerTurn" value={hours} onChange={(e) => setHours((e.target as HTMLSelectElement).value)}>
                  {TIME_CONTROLS.map((t) => (
                    <option key={String(t.value)} value={t.value === null ? "none" : String(t.value)}>
                      {t.label}
                    </option>
                  ))}
                </select>
                <small>When a player's time runs out they get a reminder; after that the opponent may claim the game.</small>
              </label>
            </fieldset>
            <fieldset>
              <legend>You</legend>
              <label class="field">
                <span>You play</span>
                <select name="creator" value={mySeat} onChange={(e) => setMySeat((e.target as HTMLSelectElement).value)}>
                  {seatList.map((s) => (
                    <option key={s} value={s}>
                      {seatTitle(s)}
                    </option>
                  ))}
                  <option value={WATCH}>nobody: the computer plays every seat, I watch</option>
                </select>
              </label>
              {watching ? (
                <label class="field">
                  <span>Your email (optional)</span>
                  <input name="watch-email" type="email" autoComplete="email" value={watcherEmail} onInput={(e) => setWatcherEmail((e.target as HTMLInputElement).value)} />
                  <small>Two mails: the game's link when it starts, and its result. Leave it empty and just keep the page open.</small>
                </label>
              ) : (
                <>
                  <label class="field">
                    <span>Your name</span>
                    <input name="my-name" autoComplete="name" maxLength={40} value={seats[mySeat]?.name ?? ""} onInput={(e) => setSeat(mySeat, { name: (e.target as HTMLInputElement).value })} />
                  </label>
                  <label class="field">
                    <span>Your email</span>
                    <input
                      name="my-email"
                      type="email"
                      autoComplete="email"
                      value={seats[mySeat]?.email ?? ""}
                      onInput={(e) => setSeat(mySeat, { email: (e.target as HTMLInputElement).value })}
                    />
                    <small>Your own link comes here, so you can come back from any device, and a mail whenever it is your move. Without it you must save the link yourself.</small>
                  </label>
                </>
              )}
            </fieldset>
            {seatList
              .filter((s) => s !== mySeat && !watching)
              .map((s) => {
                const f = seats[s] ?? { bot: false, name: "", email: "" };
                return (
                  <fieldset key={s}>
                    <legend>Opponent: {seatTitle(s)}</legend>
                    <label class="choice inline">
                      <input type="radio" name={`${s}-who`} checked={!f.bot} onChange={() => setSeat(s, { bot: false })} /> <span>a person, by email</span>
                    </label>
                    <label class="choice inline">
                      <input type="radio" name={`${s}-who`} checked={f.bot} onChange={() => setSeat(s, { bot: true })} /> <span>the computer</span>
                    </label>
                    {!f.bot && (
                      <>
                        <label class="field">
                          <span>Their name</span>
                          <input name={`${s}-name`} maxLength={40} value={f.name} onInput={(e) => setSeat(s, { name: (e.target as HTMLInputElement).value })} />
                        </label>
                        <label class="field">
                          <span>Their email</span>
                          <input name={`${s}-email`} type="email" required value={f.email} onInput={(e) => setSeat(s, { email: (e.target as HTMLInputElement).value })} />
                          <small>They get an invitation with their own link.</small>
                        </label>
                      </>
                    )}
                  </fieldset>
                );
              })}
            {error && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" class="primary big" disabled={busy || !rs}>
              {busy ? "Starting…" : "Start the game"}
            </button>
          </>
        )}
      </form>
      <MyGames />
      <footer class="muted small">
        hexpost keeps no accounts: your link is your seat. Links arrive by email; keep them to yourself.
      </footer>
    </main>
  );
}
