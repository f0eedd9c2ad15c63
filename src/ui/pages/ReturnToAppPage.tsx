/** Placeholder until its issue lands. */
export function ReturnToAppPage() {
  return (
    <section className="page">
      <h1>Return</h1>
    </section>
  );
}
