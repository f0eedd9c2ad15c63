/** Placeholder until its issue lands. */
export function MyDesignsPage() {
  return (
    <section className="page">
      <h1>My Designs</h1>
    </section>
  );
}
