#!/usr/bin/env node
// The CLI, in a process with the server's V8 settings: they are applied (v8-settings.ts) before
// the commands and the server's modules are loaded, so nothing is loaded twice.
import { restartWithServerV8Flags } from './v8-settings.ts';

restartWithServerV8Flags();
await import('./commands.ts');
