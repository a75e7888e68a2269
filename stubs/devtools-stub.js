// Ink imports react-devtools-core only in development; the bundle never loads it.
export default {initialize() {}, connectToDevTools() {}};
