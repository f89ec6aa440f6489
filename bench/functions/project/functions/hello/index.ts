// @ts-nocheck: Deno code (npm:/jsr:/URL imports, the Deno global), not checked by the Node tsconfig.
// The trivial function the bench invokes: reads the JSON body, answers JSON.
Deno.serve(async (req) => {
  const { name } = req.body ? await req.json() : { name: 'world' };
  return Response.json({ message: `Hello ${name}!` });
});
