#!/usr/bin/env node
// Runs the uploader's TypeScript sources through tsx, so the package needs no build step on a game host.
import { register } from 'tsx/esm/api';

register();
await import('../src/upload-cli.ts');
