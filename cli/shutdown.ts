// Runs `stop` once on Ctrl-C or SIGTERM, then exits.
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: stopping...\n`);
    stop()
      .catch((error: unknown) => process.stderr.write(`while stopping: ${String(error)}\n`))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
