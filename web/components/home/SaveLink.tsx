/** After creating a game without your own email: its link, to be saved before the game opens. */
import { useState } from "preact/hooks";

export function SaveLink({ link }: { link: string }) {
  const [saved, setSaved] = useState(false);
  return (
    <section class="card save-link" role="alertdialog" aria-labelledby="save-link-title">
      <h2 id="save-link-title">Save your game's link</h2>
      <p>
        You gave no email, so no mail will bring you back: this link is the only way to your seat. Bookmark it, or copy it somewhere safe.
        Anyone with it can play your side.
      </p>
      <label class="field">
        <span>Your seat's link</span>
        <input readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      </label>
      <div class="buttons">
        <button type="button" onClick={() => navigator.clipboard?.writeText(link).catch(() => undefined)}>
          Copy the link
        </button>
      </div>
      <label class="choice">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved((e.target as HTMLInputElement).checked)} /> <span>I have saved this link</span>
      </label>
      <button type="button" class="primary big" disabled={!saved} onClick={() => location.assign(link)}>
        Open the game
      </button>
    </section>
  );
}
