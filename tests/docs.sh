#!/bin/sh
# The documentation keeps up with the code: every JSON key --list-keys
# prints is in doc/grammar.md (as `name`), every long option --help (and
# mimic record --help, mimic model --help) prints is in doc/mimic.1.
. "${srcdir:-.}/tests/lib.sh"
grammar="$srcdir/doc/grammar.md"
manpage="$srcdir/doc/mimic.1"
"$MIMIC" --list-keys | awk '{ print $2 }' | sort -u >"$TMP/keys"
{ "$MIMIC" --help; "$MIMIC" record --help; "$MIMIC" model --help; } |
	grep -o -- '--[a-z][a-z-]*' | sort -u >"$TMP/options"
# The man page source writes "--x" as "\-\-x".
sed 's/\\-/-/g' "$manpage" >"$TMP/man"
nk=$(wc -l <"$TMP/keys")
no=$(wc -l <"$TMP/options")
plan $((nk + no + 2))
[ "$nk" -gt 0 ] && [ -f "$grammar" ]
ok $? "--list-keys prints keys ($nk) and $grammar exists"
[ "$no" -gt 0 ] && [ -f "$manpage" ]
ok $? "--help prints long options ($no) and $manpage exists"
while read -r key; do
	grep -qF "\`$key\`" "$grammar"
	ok $? "key $key is in doc/grammar.md"
done <"$TMP/keys"
while read -r opt; do
	grep -qw -- "$opt" "$TMP/man"
	ok $? "option $opt is in doc/mimic.1"
done <"$TMP/options"
