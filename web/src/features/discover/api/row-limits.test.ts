import { expect, it } from "vitest";
import config from "../../../../../supabase/config.toml?raw";
import { MAP_PIN_LIMIT } from "./map-pins";
import { MONTH_LIMIT } from "./search-month";

// The map and the calendar ask for one row past their limit to learn there are more (decision
// 0430). The API returns at most `max_rows` rows whatever the request's limit (PostgREST's
// db-max-rows; supabase/config.toml here, 1,000 on hosted Supabase): that row must fit under it.
it("asks the API for no more rows than it returns", () => {
  const maxRows = Number(/^max_rows\s*=\s*(\d+)/m.exec(config)?.[1]);
  expect(maxRows).toBeGreaterThan(0);
  expect(MAP_PIN_LIMIT + 1).toBeLessThanOrEqual(maxRows);
  expect(MONTH_LIMIT + 1).toBeLessThanOrEqual(maxRows);
});
