/** The actions queued on this page and not sent yet. */
export function QueueCard({ queue }: { queue: readonly { label: string }[] }) {
  return (
    <section class="card queue" aria-label="Not sent yet">
      <h3>Not sent yet</h3>
      <ol>
        {queue.map((q, i) => (
          <li key={i}>{q.label}</li>
        ))}
      </ol>
    </section>
  );
}
