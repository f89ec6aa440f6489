// @ts-nocheck: Deno code (the Deno global), not checked by the Node tsconfig.
// No imports: the runtime's own start-up cost.
Deno.serve(() => Response.json({ ok: true }));
