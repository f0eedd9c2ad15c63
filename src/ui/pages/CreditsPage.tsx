/** Placeholder until its issue lands. */
export function CreditsPage() {
  return (
    <section className="page">
      <h1>Credits</h1>
    </section>
  );
}
