# bash completion for sandtable(1)
_sandtable()
{
	local cur prev cmd
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	# The commands and products from the binary itself (its table), so
	# that this list cannot fall behind it.
	local commands
	commands="$(sandtable --commands 2>/dev/null) help"
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$commands --help --version --products" -- "$cur"))
		return
	fi
	cmd=${COMP_WORDS[1]}
	case "$prev" in
	-o|--output|--report|--write-terrain)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	-p|--paper|-P)
		COMPREPLY=($(compgen -W "A5 A4 A3 Letter Legal Tabloid none" -- "$cur")); return ;;
	-g|--grid)
		COMPREPLY=($(compgen -W "none square hex hex-pointy" -- "$cur")); return ;;
	-c|--card)
		[ "$cmd" = cards ] && { COMPREPLY=($(compgen -W "poker bridge tarot mini index" -- "$cur")); return; } ;;
	-t|--table)
		[ "$cmd" = map ] && { COMPREPLY=($(compgen -W "6x4ft 4x4ft 3x3ft portable" -- "$cur")); return; } ;;
	--scenario|-f|--from|--template)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	esac
	if [ "$cmd" = help ]; then
		COMPREPLY=($(compgen -W "$commands" -- "$cur"))
		return
	fi
	# dice EXPR, odds --dice EXPR: an expression, not a file.
	if [ "$cmd" = dice ] || [ "$prev" = --dice ]; then
		[[ "$cur" == -* ]] && COMPREPLY=($(compgen -W "--json --help" -- "$cur"))
		return
	fi
	if [[ "$cur" == -* ]]; then
		local opts
		opts=$(sandtable help "$cmd" 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -X '!*.md' -- "$cur") $(compgen -d -- "$cur"))
}
complete -F _sandtable sandtable
