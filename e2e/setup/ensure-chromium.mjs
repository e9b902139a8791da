// Browser tests use Debian's Chromium (/usr/bin/chromium). Installs it with apt when it is missing
// and we are root (CI and fresh machines); Playwright's own browser download is never used.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('Installing Debian chromium for the browser tests…');
    execSync(
      // CI starts this install in the background at its beginning (.ci/run) and the e2e stage runs
      // it again: the second waits for the first's apt lock, then finds nothing to do.
      'apt-get -o DPkg::Lock::Timeout=900 update -qq && DEBIAN_FRONTEND=noninteractive ' +
        'apt-get -o DPkg::Lock::Timeout=900 install -y -qq chromium fonts-liberation',
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.error(`Chromium not found at ${CHROMIUM}. Install it: sudo apt-get install chromium`);
    process.exit(1);
  }
}
