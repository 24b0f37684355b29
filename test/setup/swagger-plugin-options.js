// Keep equal to the plugin options in nest-cli.json.
module.exports.swaggerPluginOptions = {
  dtoFileNameSuffix: ['.resource.ts', '.dto.ts'],
  classValidatorShim: true,
  introspectComments: false,
};
