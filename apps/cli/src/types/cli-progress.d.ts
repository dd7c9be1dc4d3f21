// The parts of cli-progress 3 the CLI uses (the package ships no types).
declare module 'cli-progress' {
  export interface Options {
    format?: string;
    stream?: NodeJS.WritableStream;
    hideCursor?: boolean;
    clearOnComplete?: boolean;
  }

  export class SingleBar {
    constructor(options: Options, preset?: object);
    start(total: number, value: number, payload?: Record<string, unknown>): void;
    update(value: number, payload?: Record<string, unknown>): void;
    setTotal(total: number): void;
    increment(step?: number): void;
    stop(): void;
  }

  export const Presets: { readonly shades_classic: object };
}
