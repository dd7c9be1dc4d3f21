/** The servers suites run against; tools/jest/global-setup.js finds out which are reachable. */
export type RealService = 'postgres' | 'redis' | 'kafka';

const NAMES: Record<RealService, string> = { postgres: 'PostgreSQL', redis: 'Redis', kafka: 'Kafka' };
const SERVICES_HINT = 'start it with `npm run services:up`';

/** The service's address when the global setup reached it. */
export function serviceAddress(service: RealService): string | undefined {
  const prefix = `TEST_${service.toUpperCase()}`;
  return process.env[`${prefix}_REACHABLE`] === 'yes' ? process.env[`${prefix}_URL`] : undefined;
}

export function requireServiceAddress(service: RealService): string {
  const address = serviceAddress(service);
  if (!address) throw new Error(`${NAMES[service]} is unreachable: ${SERVICES_HINT}`);
  return address;
}

/**
 * `describe` for suites that need a real server: skipped with a hint when it is unreachable,
 * except under CI=true, where an unreachable server fails the suite.
 */
export function describeWith(services: RealService | readonly RealService[], name: string, body: () => void): void {
  const missing = [services].flat().filter((service) => !serviceAddress(service));
  const unreachable = missing.map((service) => `${NAMES[service]} at ${process.env[`TEST_${service.toUpperCase()}_URL`]}`).join(' and ');
  if (missing.length === 0) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it(`needs ${missing.map((service) => NAMES[service]).join(' and ')}`, () => {
        throw new Error(`unreachable: ${unreachable}; ${SERVICES_HINT}`);
      });
    });
  } else {
    console.warn(`Skipping "${name}": unreachable: ${unreachable}; ${SERVICES_HINT}.`);
    describe.skip(name, body);
  }
}
