/**
 * Node flags for the test processes that open many PGlite instances (the server, app and e2e suites).
 * V8 in Node 24 can fail a CHECK (jit_page_->allocations_.erase) when it frees a wasm-to-JS
 * wrapper it tiered up, from the process-wide wrapper cache that every PGlite instance's thread
 * shares (nodejs/node#64500); a test process opens hundreds of instances. Never tiering those
 * wrappers up avoids the path, at no cost measured on PGlite's queries (decision 0450).
 */
export const PGLITE_TEST_EXEC_ARGV = ['--wasm-wrapper-tiering-budget=2147483647'];
