import type { Context } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

const badRequest = (c: Context, issues: readonly v.BaseIssue<unknown>[]) =>
  c.json(
    {
      error: "bad_request",
      message: describeIssues(issues),
      details: { issues: issues.slice(0, 5).map((i) => ({ path: v.getDotPath(i), message: i.message })) },
    },
    400,
  );

/** Where a validator keeps its schema for the OpenAPI document (openapi-routes.ts reads it). */
export const VALIDATES = Symbol("hexpost.validates");
export interface Validates {
  target: "json" | "query";
  schema: v.GenericSchema;
}

const documented = <M extends object>(middleware: M, target: Validates["target"], schema: v.GenericSchema) =>
  Object.assign(middleware, { [VALIDATES]: { target, schema } satisfies Validates });

/** hono's validator with a valibot schema, answering in the API's error shape. */
export function validJson<S extends v.GenericSchema>(schema: S) {
  const middleware = validator("json", (value, c) => {
    const result = v.safeParse(schema, value);
    return result.success ? (result.output as v.InferOutput<S>) : badRequest(c, result.issues);
  });
  return documented(middleware, "json", schema);
}

export function validQuery<S extends v.GenericSchema>(schema: S) {
  const middleware = validator("query", (value, c) => {
    const result = v.safeParse(schema, value);
    return result.success ? (result.output as v.InferOutput<S>) : badRequest(c, result.issues);
  });
  return documented(middleware, "query", schema);
}
