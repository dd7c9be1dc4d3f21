// Stops the servers testcontainers started for this run, if any (see global-setup.js).
module.exports = async function globalTeardown() {
  await globalThis.__PVS_STOP_CONTAINERS__?.();
};
