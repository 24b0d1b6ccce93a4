#!/usr/bin/env node
// Runs before `npm test`: the suite needs Debian's Chromium (end-to-end tests) and ffmpeg (tests generate real
// audio/video files). Installs what is missing when running as root (idempotent), else explains what to install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const needs = [
  { pkg: 'chromium', present: () => fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { pkg: 'ffmpeg', present: () => spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0 },
];
const missing = needs.filter((n) => !n.present()).map((n) => n.pkg);
if (missing.length === 0) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `The test suite needs these Debian packages: ${missing.join(', ')}.\nInstall them with: sudo apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Installing Debian packages the tests need: ${missing.join(', ')}…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
if (install.status !== 0 || needs.some((n) => missing.includes(n.pkg) && !n.present())) {
  console.error(`Could not install ${missing.join(', ')}; install them with apt-get and run npm test again.`);
  process.exit(1);
}
