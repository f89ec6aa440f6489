import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { seedPageData } from "./page-data";

function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument("t");
  doc.head.innerHTML = `<script type="application/json" id="page-data">${json}</script>`;
  return doc;
}

describe("page data inlined by the server", () => {
  it("goes into the query cache, stale at once so the app still fetches with the viewer's rights", () => {
    const client = new QueryClient();
    seedPageData(client, page('{"key":["events","detail","jazz"],"data":{"title":"Jazz \\u003c3"}}'));
    expect(client.getQueryData(["events", "detail", "jazz"])).toEqual({ title: "Jazz <3" });
    expect(client.getQueryState(["events", "detail", "jazz"])?.dataUpdatedAt).toBe(0);
  });

  it("is ignored when missing or malformed", () => {
    const client = new QueryClient();
    seedPageData(client, page("{not json"));
    seedPageData(client, page('{"key":"events","data":1}'));
    seedPageData(client, document.implementation.createHTMLDocument("t"));
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
