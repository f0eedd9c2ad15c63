/** Placeholder until its issue lands. */
export function ShareDesignPage() {
  return (
    <section className="page">
      <h1>Shared design</h1>
    </section>
  );
}
