// Runs the @nestjs/swagger CLI plugin inside ts-jest, so tests see the same OpenAPI metadata as `nest build`.
const plugin = require('@nestjs/swagger/plugin');
const { swaggerPluginOptions } = require('./swagger-plugin-options');

module.exports.name = 'nestjs-swagger-transformer';
module.exports.version = 1;
module.exports.factory = (compiler) => plugin.before(swaggerPluginOptions, compiler.program);
