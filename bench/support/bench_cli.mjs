// Command line and life cycle shared by the benchmarks: option checks that fail with a one-line error (exit 2), and
// the cleanup that runs on Ctrl-C / SIGTERM / SIGHUP before the process ends.
import os from 'node:os';

/** A whole-number option within [min, max] of parseArgs `values`; throws an Error that says what is wrong. */
export function wholeNumberOption(values, name, min, max) {
  const value = Number(values[name]);
  if (values[name] === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} ${values[name]}: expected a whole number from ${min} to ${max}`);
  }
  return value;
}

/** `read(process.argv.slice(2))`, or the error on stderr as `bench: message` and exit 2. */
export function optionsOrExit(bench, read) {
  try {
    return read(process.argv.slice(2));
  } catch (error) {
    console.error(`${bench}: ${error.message}`);
    process.exit(2);
  }
}

/** Runs `stopAll()` on SIGINT, SIGTERM and SIGHUP, then exits with the signal's status. */
export function stopOnSignals(stopAll) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      stopAll().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
    });
  }
}
