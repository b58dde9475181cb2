/**
 * Indent and outdent. Inside a list they nest or un-nest the list item; on paragraphs and
 * headings they step a left margin kept as the `indent` attribute and written as an inline
 * `margin-left`, which the API's sanitizer keeps, so the public site shows the same indent.
 */
import { Extension, getStyleProperty, type CommandProps } from '@tiptap/react';

export const INDENT_STEP_PX = 40;
export const MAX_INDENT = 10;
const INDENTED_TYPES = ['paragraph', 'heading'];

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** Nests the list item, or moves the selected paragraphs and headings one step right. */
      indent: () => ReturnType;
      /** Moves the selected paragraphs and headings one step left, or else lifts the list item. */
      outdent: () => ReturnType;
    };
  }
}

const PX_PER_UNIT: Record<string, number> = { px: 1, em: 16, rem: 16, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

const clampIndent = (level: number) => Math.min(MAX_INDENT, Math.max(0, level));

/** The indent level of a margin-left such as "80px" or "0.5in" (pasted from Word), rounded to whole steps. */
export function indentFromMargin(margin: string | null): number {
  const match = margin?.trim().match(/^(\d+(?:\.\d+)?)\s*([a-z]*)$/i);
  if (!match) return 0;
  const perUnit = PX_PER_UNIT[(match[2] || 'px').toLowerCase()];
  return perUnit ? clampIndent(Math.round((Number(match[1]) * perUnit) / INDENT_STEP_PX)) : 0;
}

export const Indent = Extension.create({
  name: 'indent',

  addGlobalAttributes() {
    return [
      {
        types: INDENTED_TYPES,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => indentFromMargin(getStyleProperty(element, 'margin-left')),
            renderHTML: (attributes) => {
              const level: unknown = attributes.indent;
              return typeof level === 'number' && level > 0 ? { style: `margin-left: ${level * INDENT_STEP_PX}px` } : {};
            },
          },
        },
      },
    ];
  },

  addCommands() {
    const shiftBlocks =
      (step: 1 | -1) =>
      ({ state, tr, dispatch }: CommandProps) => {
        let changed = false;
        const { from, to } = state.selection;
        state.doc.nodesBetween(from, to, (node, position) => {
          if (!INDENTED_TYPES.includes(node.type.name)) return true;
          const current: unknown = node.attrs.indent;
          const level = typeof current === 'number' ? current : 0;
          const next = clampIndent(level + step);
          if (next !== level) {
            changed = true;
            if (dispatch) tr.setNodeMarkup(position, undefined, { ...node.attrs, indent: next });
          }
          // Text blocks hold no further blocks.
          return false;
        });
        return changed;
      };
    return {
      indent:
        () =>
        (props) =>
          props.editor.isActive('listItem') ? props.commands.sinkListItem('listItem') : shiftBlocks(1)(props),
      // A margin first: a paragraph indented before it became a list item keeps its margin,
      // which could not be removed otherwise. Then the list item itself.
      outdent:
        () =>
        (props) =>
          shiftBlocks(-1)(props) || props.commands.liftListItem('listItem'),
    };
  },

  addKeyboardShortcuts() {
    // Tab stays with lists (StarterKit) and focus moves; these mirror common editors' shortcuts.
    return {
      'Mod-]': () => this.editor.commands.indent(),
      'Mod-[': () => this.editor.commands.outdent(),
    };
  },
});
