#!/usr/bin/env node
// The CLI, in a process with the server's V8 settings: they are applied (v8-settings.ts) before
// the commands and the server's modules are loaded, so nothing is loaded twice. `gather-server`
// (bin/gather-server.js) loads this with Node's compile cache already on (decision 0452).
import { enableCompileCache } from 'node:module';
import { restartWithServerV8Flags } from './v8-settings.ts';

restartWithServerV8Flags();
// Node keeps the modules it loads next compiled (TypeScript stripped, V8's code cache) in
// NODE_COMPILE_CACHE, else the system's temporary folder: a warm start loads the server's ~1,100
// modules with ~40% less CPU. NODE_DISABLE_COMPILE_CACHE=1 turns it off (decision 0422).
const compileCache = enableCompileCache();
// Worker threads (PGlite's) read the variable, not this call: with it, PGlite's worker is ready to
// open ~80 ms sooner on a warm start (decision 0448).
if (compileCache.directory) process.env.NODE_COMPILE_CACHE ??= compileCache.directory;
await import('./commands.ts');
