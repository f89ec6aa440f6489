#!/usr/bin/env node
// `gather-server`: the one JavaScript file of the server, on purpose. Node strips a TypeScript
// file's types with a compiler it sets up on first use (~60 ms on 2 cores, twice per start with
// the V8 settings' restart), unless Node's compile cache already holds the stripped file: the
// cache is turned on here, before the first TypeScript file loads (decision 0452).
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('../src/cli/main.ts');
