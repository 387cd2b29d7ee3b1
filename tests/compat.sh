#!/bin/sh
# Every file of ../shared/compat: mimic --check gives rt-app's verdict
# (EXPECTED.tsv): exit 0 where rt-app accepts it, exit 2 with a located
# message where rt-app rejects it; never a crash. Files that use an event
# mimic does not run yet are TODO until it does.
. "${srcdir:-.}/tests/lib.sh"
compat=${MIMIC_COMPAT:-$srcdir/../shared/compat}
[ -f "$compat/EXPECTED.tsv" ] || skip_all "no compatibility corpus at $compat"
n=$(tail -n +2 "$compat/EXPECTED.tsv" | wc -l)
plan "$n"
pass=0 fail=0 todo=0
tail -n +2 "$compat/EXPECTED.tsv" | while IFS='	' read -r file commit outcome; do
	"$MIMIC" --check --quiet "$compat/$file" >/dev/null 2>"$TMP/err"
	rc=$?
	case $outcome in
	REJECTED*) want=2 ;;
	*) want=0 ;;
	esac
	if [ $rc -eq $want ]; then
		if [ $want -eq 2 ] && ! grep -q "^$compat/$file:.*error: " "$TMP/err"; then
			echo "not ok - $file: rejected without a located message"
		else
			echo "ok - $file (exit $rc)"
		fi
	elif [ $rc -eq 2 ] && ! grep -v 'not supported yet' "$TMP/err" | grep -q ': error: '; then
		echo "not ok - $file # TODO $(grep -o 'not supported yet: [^ ]*' "$TMP/err" | sort -u | tr '\n' ' ')"
	else
		echo "not ok - $file: exit $rc, rt-app: $outcome"
		diag <"$TMP/err"
	fi
done | tee "$TMP/results"
p=$(grep -c '^ok' "$TMP/results")
t=$(grep -c '# TODO' "$TMP/results")
f=$(grep '^not ok' "$TMP/results" | grep -vc '# TODO')
echo "# compat: $p passed, $f failed, $t not supported yet"
