// Ink 6.8 lays every text node of every frame out against getMaxWidth(yogaNode): its computed width
// less its left and right padding and border, five calls into Yoga's WebAssembly through embind,
// whose glue allocates on each (an allocation profile at 3 workers put Yoga's glue, called from
// get-max-width, at 5 % of the process's allocation, about 1 MiB a minute). A text node whose style
// sets no padding and no border (Ink's <Text> never does; a <Box> holds them) has zero of each in
// Yoga, so its computed width is that same number: the bundle asks Yoga for it alone. Any node
// whose style names a padding or a border still takes Ink's own path.
const HELPER = `const BOX_EDGE_STYLE = /^(padding|border)/;
const textWidthFor = (node, yogaNode) => {
    for (const key in node.style) {
        if (BOX_EDGE_STYLE.test(key) && node.style[key] !== undefined) return getMaxWidth(yogaNode);
    }
    return yogaNode.getComputedWidth();
};
export const renderNodeToScreenReaderOutput = `;

export const TEXT_WIDTH_PATCHES = [
	['export const renderNodeToScreenReaderOutput = ', HELPER],
	['const maxWidth = getMaxWidth(yogaNode);', 'const maxWidth = textWidthFor(node, yogaNode);'],
];
