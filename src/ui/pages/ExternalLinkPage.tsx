/** Placeholder until its issue lands. */
export function ExternalLinkPage() {
  return (
    <section className="page">
      <h1>Get the app</h1>
    </section>
  );
}
