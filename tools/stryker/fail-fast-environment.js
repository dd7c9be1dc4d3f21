// For mutation testing: once a test fails the mutant is killed, so the tests after it are skipped, not run.
const { TestEnvironment } = require('jest-environment-node');

class FailFastEnvironment extends TestEnvironment {
  failed = false;

  async handleTestEvent(event, state) {
    if (event.name === 'hook_failure' || event.name === 'test_fn_failure') this.failed = true;
    else if (this.failed && event.name === 'test_start') event.test.mode = 'skip';
    if (super.handleTestEvent) await super.handleTestEvent(event, state);
  }
}

module.exports = FailFastEnvironment;
