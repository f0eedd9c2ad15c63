/** Placeholder until its issue lands. */
export function SubscriptionPage() {
  return (
    <section className="page">
      <h1>Choose your Pro plan</h1>
    </section>
  );
}
