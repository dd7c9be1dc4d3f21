export type Env = Readonly<Record<string, string | undefined>>;

/** A configuration value that cannot be used; start-up stops with this message. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Reads typed values from the environment, naming the variable in every error. */
export class EnvReader {
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    const value = this.optionalString(name);
    return value ?? fallback;
  }

  optionalString(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  integer(name: string, fallback: number, { min, max }: { min: number; max: number }): number {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
    return value;
  }

  /** Comma-separated whole numbers, e.g. `0,5,300`. */
  integerList(name: string, fallback: readonly number[], { min, max }: { min: number; max: number }): readonly number[] {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    const values = raw.split(',').map((part) => part.trim());
    if (values.some((value) => !/^\d+$/.test(value))) throw new ConfigError(name, `must be comma-separated whole numbers, got "${raw}"`);
    const numbers = values.map(Number);
    if (numbers.some((value) => value < min || value > max)) throw new ConfigError(name, `values must be between ${min} and ${max}`);
    return numbers;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    throw new ConfigError(name, `must be true or false, got "${raw}"`);
  }

  url(name: string, protocols: readonly string[]): string | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(name, 'must be a URL');
    }
    if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `must be a ${protocols.join(' or ')} URL`);
    return raw;
  }

  secret(name: string, { minLength }: { minLength: number }): string | undefined {
    const raw = this.optionalString(name);
    if (raw !== undefined && raw.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters`);
    return raw;
  }

  /**
   * A secret that guards everything (the admin token): at least 32 characters that look random, so a phrase, a
   * repeated character or a short word list is refused at start, as any other bad setting.
   */
  strongSecret(name: string): string | undefined {
    const raw = this.secret(name, { minLength: STRONG_SECRET_LENGTH });
    if (raw !== undefined && (new Set(raw).size < STRONG_SECRET_DISTINCT || estimatedBits(raw) < STRONG_SECRET_BITS)) {
      throw new ConfigError(name, `must look random: at least ${STRONG_SECRET_BITS} bits (openssl rand -base64 32)`);
    }
    return raw;
  }

  /** Comma-separated base64 keys of `bytes` bytes each; none when unset. */
  base64Keys(name: string, bytes: number): Buffer[] {
    const raw = this.optionalString(name);
    if (raw === undefined) return [];
    const keys = raw.split(',').map((part) => Buffer.from(part.trim(), 'base64'));
    if (keys.some((key) => key.length !== bytes)) throw new ConfigError(name, `must be comma-separated keys of ${bytes} bytes each, base64-encoded`);
    return keys;
  }

  base64Key(name: string, bytes: number): Buffer | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    const key = Buffer.from(raw, 'base64');
    if (key.length !== bytes) throw new ConfigError(name, `must be ${bytes} bytes, base64-encoded (openssl rand -base64 ${bytes})`);
    return key;
  }
}

const STRONG_SECRET_LENGTH = 32;
const STRONG_SECRET_DISTINCT = 12;
const STRONG_SECRET_BITS = 128;
const CHARACTER_CLASSES: readonly [RegExp, number][] = [
  [/[0-9]/, 10],
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[^0-9a-zA-Z]/, 33],
];

/** Bits a random string of this length over the character classes it uses would carry: an upper bound for any other. */
function estimatedBits(value: string): number {
  const alphabet = CHARACTER_CLASSES.filter(([pattern]) => pattern.test(value)).reduce((size, [, members]) => size + members, 0);
  return value.length * Math.log2(alphabet);
}
