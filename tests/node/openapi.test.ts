/** The OpenAPI document (issue: the page and the service ready for five rulesets, item 6). */
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/http/app";
import { openApiDocument, SUMMARIES } from "../../worker/http/openapi-routes";

const app = createApp();
const operations = (doc: Awaited<ReturnType<typeof openApiDocument>>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));

describe("/api/openapi.json", () => {
  it("validates as OpenAPI 3.1", async () => {
    const doc = await openApiDocument(app);
    const validator = new Validator();
    const result = await validator.validate(doc as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every route of the app, each with a summary", async () => {
    const doc = await openApiDocument(app);
    const routes = new Set(
      app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(routes.size).toBeGreaterThan(15);
    expect(new Set(operations(doc))).toEqual(routes);
    for (const op of routes) expect(SUMMARIES[op], op).toBeTruthy();
  });

  it("carries the request schemas that validate requests (create a game, submit actions)", async () => {
    const doc = (await openApiDocument(app)) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>> };
    const create = doc.paths["/api/games"]!.post!.requestBody!.content["application/json"]!.schema as { required?: string[]; properties?: Record<string, unknown> };
    expect(create.required).toEqual(expect.arrayContaining(["ruleset", "scenario", "seats"]));
    // optional: a game the computer plays alone has no creator seat
    expect(create.required).not.toContain("creator");
    expect(Object.keys(create.properties ?? {})).toContain("creator");
    expect(doc.paths["/api/games/{id}/actions"]!.post!.requestBody!.content["application/json"]!.schema.required).toEqual(["seq", "actions"]);
  });

  it("documents the generic webhook's body and its signature (issue: reach players where they are, 4)", async () => {
    const doc = (await openApiDocument(app)) as unknown as {
      webhooks: { notice: { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } } };
      components: { schemas: { Notice: { required: string[] } } };
    };
    const post = doc.webhooks.notice.post;
    expect(post.parameters.map((p) => p.name)).toEqual(["X-Hexpost-Delivery", "X-Hexpost-Timestamp", "X-Hexpost-Signature"]);
    expect(post.requestBody.content["application/json"]!.schema.properties).toMatchObject({ type: { const: "hexpost.notice" }, notice: { $ref: "#/components/schemas/Notice" } });
    expect(doc.components.schemas.Notice.required).toEqual(["gameId", "kind", "title", "line", "url", "at"]);
  });
});
