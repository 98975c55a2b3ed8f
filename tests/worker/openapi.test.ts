import { describe, expect, it } from "vitest";
import { api } from "./helpers";

const client = api();

describe("the API document served by the Worker", () => {
  it("GET /api/openapi.json answers the OpenAPI 3.1 document; GET /api/docs a page that reads it", async () => {
    const doc = await client.get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toContain("/api/games/{id}/actions");
    const page = await client.get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain("/api/openapi.json");
  });
});
