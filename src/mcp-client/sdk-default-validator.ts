/**
 * Stands in for the MCP SDK's `validation/ajv-provider.js` in every build (see
 * scripts/vite-mcp-validator.ts): the SDK's client imports Ajv as its default validator, and
 * Ajv compiles schemas with `new Function`, which a strict CSP forbids. Here the default is the
 * eval-free validator the plugin passes anyway, so Ajv never reaches a bundle. Plane: worker (lazy chunk).
 * @module mcp-client/sdk-default-validator
 */
export { ExternalSchemaValidator as AjvJsonSchemaValidator } from '../tools/external-schema.ts'
