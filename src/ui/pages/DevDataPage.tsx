/** Placeholder until its issue lands. */
export function DevDataPage() {
  return (
    <section className="page">
      <h1>Development data</h1>
    </section>
  );
}
