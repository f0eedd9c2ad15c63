/** Placeholder until its issue lands. */
export function AuthPage() {
  return (
    <section className="page">
      <h1>Sign in</h1>
    </section>
  );
}
