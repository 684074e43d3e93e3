#!/usr/bin/env python3
"""Turns a program page of docs/ into a manual page (roff, man(7) macros).

The page is restricted Markdown:
  * first line  <!-- man: NAME(SECTION) -- what it is -->  (NAME and SECTION of the page, and
    the text of its NAME section); the "# title" line is not printed;
  * "## Heading" is a section (.SH; "## Synopsis" is printed first), "###" and deeper a
    subsection (.SS); text before the first "##" is the DESCRIPTION;
  * paragraphs, "*"/"-" and "1." lists (nested by indentation), fenced code blocks, tables
    (printed as tagged paragraphs: the first cell is the tag), code spans (bold), *emphasis*,
    **strong**, links (their text; the address too when it is absolute), HTML comments and
    images (left out).
Python 3 standard library only (no pandoc on Debian here).

Usage: md2man.py PAGE.md -o OUT.N [--gzip OUT.N.gz] [--source TEXT] [--date TEXT]
"""

import argparse
import gzip
import re
import sys

FRONT_MATTER = re.compile(r"^<!--\s*man:\s*([A-Za-z0-9_.+-]+)\((\d[a-z]*)\)\s+--\s+(.+?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LIST_ITEM = re.compile(r"^([*+-]|\d+[.)])\s+(.*)$")
IMAGE = re.compile(r"!\[(?:[^\[\]]|\[[^\]]*\])*\]\([^)]*\)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
WIDTH = 78


class PageError(Exception):
    pass


# ---------------------------------------------------------------- blocks


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def starts_block(line):
    stripped = line.strip()
    return (
        not stripped
        or FENCE.match(line)
        or HEADING.match(line)
        or stripped.startswith("|")
        or stripped.startswith("<!--")
        or LIST_ITEM.match(line)
    )


def parse_blocks(lines, where):
    """Block structure of Markdown lines whose container indentation is already removed."""
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fence = FENCE.match(line)
        if fence:
            indent, marker = len(fence.group(1)), fence.group(2)
            body, i = [], i + 1
            while i < len(lines) and not lines[i].strip().startswith(marker):
                body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
                i += 1
            if i == len(lines):
                raise PageError("%s: code block without its closing %s" % (where, marker))
            blocks.append(("code", body))
            i += 1
            continue
        if line.lstrip().startswith("<!--"):
            while i < len(lines) and "-->" not in lines[i]:
                i += 1
            i += 1
            continue
        heading = HEADING.match(line)
        if heading and indent_of(line) == 0:
            blocks.append(("heading", len(heading.group(1)), heading.group(2)))
            i += 1
            continue
        if line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            blocks.append(("table", rows))
            continue
        item = LIST_ITEM.match(line)
        if item and indent_of(line) == 0:
            ordered = item.group(1)[0].isdigit()
            items = []
            while i < len(lines):
                item = LIST_ITEM.match(lines[i]) if indent_of(lines[i]) == 0 else None
                if not item or item.group(1)[0].isdigit() != ordered:
                    break
                content = len(item.group(1)) + 1
                body, i = [item.group(2)], i + 1
                while i < len(lines):
                    nxt = lines[i]
                    if not nxt.strip():
                        ahead = i
                        while ahead < len(lines) and not lines[ahead].strip():
                            ahead += 1
                        if ahead < len(lines) and indent_of(lines[ahead]) >= content:
                            body.append("")
                            i += 1
                            continue
                        break
                    if indent_of(nxt) >= content:
                        body.append(nxt[content:])
                    elif indent_of(nxt) > 0 and not LIST_ITEM.match(nxt.lstrip()):
                        body.append(nxt.lstrip())  # a lazy continuation line
                    elif not starts_block(nxt) and body[-1].strip():
                        body.append(nxt)
                    else:
                        break
                    i += 1
                items.append(parse_blocks(body, where))
                while i < len(lines) and not lines[i].strip():
                    ahead = i
                    while ahead < len(lines) and not lines[ahead].strip():
                        ahead += 1
                    if ahead < len(lines) and LIST_ITEM.match(lines[ahead]) and indent_of(lines[ahead]) == 0:
                        i = ahead
                    break
            blocks.append(("list", ordered, items))
            continue
        para = [line.strip()]
        i += 1
        while i < len(lines) and not starts_block(lines[i]):
            para.append(lines[i].strip())
            i += 1
        blocks.append(("para", " ".join(para)))
    return blocks


def split_row(line):
    """Cells of a table row; "\\|" is a pipe inside a cell."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return [c.strip().replace("\\|", "|") for c in cells]


# ---------------------------------------------------------------- inline text


def escape(text):
    """Plain text for roff: backslashes, minus signs, and everything beyond ASCII as \\[uXXXX]."""
    out = []
    for c in text:
        if c == "\\":
            out.append("\\(rs")
        elif c == "-":
            out.append("\\-")
        elif c == "\t":
            out.append(" ")
        elif ord(c) > 126:
            out.append("\\[u%04X]" % ord(c))
        else:
            out.append(c)
    return "".join(out)


def breakable(code):
    """A long code word may break after / , | ; (no hyphen is added)."""
    return re.sub(r"(\S{48,})", lambda m: re.sub(r"([/,|;])(?=\S)", "\\1\0", m.group(1)), code)


INLINE = re.compile(
    r"(?P<code>(`+)(?P<codetext>.+?)\2)"
    r"|(?P<image>" + IMAGE.pattern + r")"
    r"|(?P<link>\[(?P<linktext>(?:[^\[\]]|\[[^\]]*\])*)\]\((?P<url>[^)\s]*)(?:\s+\"[^\"]*\")?\))"
    r"|(?P<strong>\*\*(?=\S)(?P<strongtext>.+?)(?<=\S)\*\*)"
    r"|(?P<em>(?<![\w*])\*(?=[^\s*])(?P<emtext>.+?)(?<=[^\s*])\*(?![\w*]))"
    r"|(?P<escaped>\\(?P<char>[\\`*_{}\[\]()#+\-.!|<>]))"
)


def segments(text, bold=False, italic=False):
    """[(bold, italic, raw text)] of Markdown inline text."""
    out, pos = [], 0
    for m in INLINE.finditer(text):
        if m.start() > pos:
            out.append((bold, italic, text[pos:m.start()]))
        if m.group("code") is not None:
            code = m.group("codetext")
            if code.startswith(" ") and code.endswith(" ") and code.strip():
                code = code[1:-1]
            out.append((True, italic, breakable(code)))
        elif m.group("image") is not None:
            pass
        elif m.group("link") is not None:
            out += segments(m.group("linktext"), bold, italic)
            url = m.group("url")
            if SCHEME.match(url) and not url.startswith("mailto:"):
                out.append((bold, italic, " <%s>" % url))
        elif m.group("strong") is not None:
            out += segments(m.group("strongtext"), True, italic)
        elif m.group("em") is not None:
            out += segments(m.group("emtext"), bold, True)
        else:
            out.append((bold, italic, m.group("char")))
        pos = m.end()
    if pos < len(text):
        out.append((bold, italic, text[pos:]))
    return out


def inline(text):
    """Markdown inline text as roff text (fonts as \\f[..] escapes, ending in the roman font)."""
    out, font = [], "R"
    for bold, italic, raw in segments(text):
        want = "BI" if bold and italic else "B" if bold else "I" if italic else "R"
        if want != font:
            out.append("\\f[%s]" % want)
            font = want
        out.append(escape(raw).replace("\0", "\\:"))
    if font != "R":
        out.append("\\f[R]")
    return "".join(out)


def plain(text):
    """Inline text without fonts, for macro arguments (headings)."""
    return escape("".join(raw for _, _, raw in segments(text))).replace("\0", "")


def text_lines(roff):
    """Filled text as source lines of at most WIDTH characters where spaces allow; a line never
    starts with a control character."""
    lines, current = [], ""
    for word in roff.split(" "):
        if current and len(current) + 1 + len(word) > WIDTH:
            lines.append(current)
            current = word
        else:
            current = current + " " + word if current else word
    if current:
        lines.append(current)
    return [("\\&" + l if l[:1] in (".", "'") else l) for l in lines]


def code_line(line):
    line = escape(line.rstrip())
    return "\\&" + line if line[:1] in (".", "'") or not line else line


# ---------------------------------------------------------------- roff


def quoted(arg):
    return '"%s"' % arg.replace('"', "\\(dq")


def render(blocks, out, in_list=False):
    """Appends the roff of blocks to out. In a list item, the item's own .IP comes first and
    later paragraphs keep its indentation."""
    first = True
    for block in blocks:
        kind = block[0]
        if kind == "heading":
            level, title = block[1], block[2]
            if level == 1:
                continue
            if in_list:
                out.append(".IP")
                out += text_lines("\\f[B]%s\\f[R]" % plain(title))
            elif level == 2:
                out.append(".SH " + quoted(section_title(title)))
            else:
                out.append(".SS " + quoted(plain(title)))
        elif kind == "para":
            if not IMAGE.sub("", block[1]).strip():
                continue  # screenshots have no place in a manual page
            if not (in_list and first):
                out.append(".IP" if in_list else ".PP")
            out += text_lines(inline(block[1]))
        elif kind == "code":
            out.append(".IP" if in_list else ".PP")
            if not in_list:
                out.append(".RS 4")
            out.append(".nf")
            out += [code_line(l) for l in block[1]]
            out.append(".fi")
            if not in_list:
                out.append(".RE")
        elif kind == "list":
            ordered, items = block[1], block[2]
            if in_list:
                out.append(".RS")
            for n, item in enumerate(items, 1):
                out.append(".IP %s %d" % (quoted("%d." % n) if ordered else "\\(bu", 4 if ordered else 2))
                render(item, out, in_list=True)
            if in_list:
                out.append(".RE")
        elif kind == "table":
            render_table(block[1], out, in_list)
        first = False


def render_table(rows, out, in_list):
    if len(rows) < 2 or not all(re.fullmatch(r":?-+:?", c) for c in rows[1]):
        raise PageError("a table needs a header row and a |---| row: %s" % rows[0])
    header, body = rows[0], rows[2:]
    if in_list:
        out.append(".RS")
    for row in body:
        row = row + [""] * (len(header) - len(row))
        out.append(".TP")
        tag = inline(row[0])  # the tag is the one line after .TP: never wrapped
        out.append("\\&" + tag if not tag or tag[:1] in (".", "'") else tag)
        rest = [(h, c) for h, c in zip(header[1:], row[1:]) if c]
        for n, (name, cell) in enumerate(rest):
            if n:
                out.append(".br")
            label = "" if len(header) == 2 else inline(name) + ": "
            out += text_lines(label + inline(cell))
    if in_list:
        out.append(".RE")


def section_title(title):
    """Section headings are upper case, code spans excepted."""
    return "".join(
        escape(raw if bold else raw.upper()).replace("\0", "") for bold, _, raw in segments(title)
    )


def convert(markdown, where, source="", date=""):
    lines = markdown.split("\n")
    front = FRONT_MATTER.match(lines[0]) if lines else None
    if not front:
        raise PageError("%s: the first line must be <!-- man: NAME(SECTION) -- what it is -->" % where)
    name, section, what = front.groups()
    blocks = parse_blocks(lines[1:], where)
    intro, sections, current = [], [], None
    for block in blocks:
        if block[0] == "heading" and block[1] == 2:
            current = [block]
            sections.append(current)
        elif current is None:
            intro.append(block)
        else:
            current.append(block)
    synopsis = [s for s in sections if plain(s[0][2]).lower() == "synopsis"]
    ordered = synopsis + ([[("heading", 2, "Description")] + intro] if any(
        b[0] != "heading" for b in intro) else []) + [s for s in sections if s not in synopsis]

    out = [
        '.\\" Generated by scripts/md2man.py from %s: edit that page, not this file.' % where,
        ".TH %s %s %s %s %s" % (quoted(name.upper()), section, quoted(date), quoted(source),
                                quoted(source.rsplit(" ", 1)[0] if " " in source else source)),
        ".nh",
        ".ad l",
        ".SH NAME",
        "%s \\- %s" % (escape(name), escape(what)),
    ]
    for s in ordered:
        render(s, out)
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description="Markdown program page -> manual page (roff)")
    parser.add_argument("page")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--gzip", help="also write the page gzipped (max compression, no name "
                        "or time stamp: reproducible)")
    parser.add_argument("--source", default="", help='e.g. "RoCE Fabric Console 0.1.0"')
    parser.add_argument("--date", default="")
    parser.add_argument("--where", help="the page's name in the generated comment")
    args = parser.parse_args()
    try:
        with open(args.page, encoding="utf-8") as f:
            roff = convert(f.read(), args.where or args.page, args.source, args.date)
    except (OSError, PageError) as e:
        print("md2man: %s" % e, file=sys.stderr)
        return 1
    data = roff.encode("ascii")
    with open(args.output, "wb") as f:
        f.write(data)
    if args.gzip:
        with open(args.gzip, "wb") as raw:
            with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as z:
                z.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
