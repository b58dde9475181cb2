// What drizzle-kit reads to generate migrations: it takes the tables among a file's exports,
// so every table of schema.ts is exported here by name, the collection and link tables
// derived from the registry included (ES modules cannot export names computed at run time).
const schema = require('./schema.ts');

const linkTables = Object.entries(schema.links).flatMap(([owner, fields]) => Object.entries(fields).map(([field, table]) => [`${owner}_${field}`, table]));
module.exports = { ...schema, ...schema.collections, ...Object.fromEntries(linkTables) };
