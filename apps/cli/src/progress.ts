import { Presets, SingleBar } from 'cli-progress';

/** A progress bar on stderr (drawn only on a terminal), so stdout stays the result. */
export function progressBar(label: string): SingleBar {
  return new SingleBar({ format: `${label} [{bar}] {value}/{total} {percentage}%{detail}`, stream: process.stderr, hideCursor: true }, Presets.shades_classic);
}
