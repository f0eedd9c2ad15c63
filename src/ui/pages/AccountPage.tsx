/** Placeholder until its issue lands. */
export function AccountPage() {
  return (
    <section className="page">
      <h1>My Account</h1>
    </section>
  );
}
