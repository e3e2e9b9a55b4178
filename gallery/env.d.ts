/// <reference types="vite/client" />
declare module "handlebars/dist/cjs/handlebars.js" {
  import Handlebars from "handlebars";
  export default Handlebars;
}
