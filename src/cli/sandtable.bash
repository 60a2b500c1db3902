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
		COMPREPLY=($(compgen -W "$commands --help --version --products --commands --options --messages" -- "$cur"))
		return
	fi
	cmd=${COMP_WORDS[1]}
	# What follows each option of every command (sandtable --options
	# lists them; tests/check/cli_scheme.sh holds this list to it). The
	# letters mean the same in every command (sandtable --help).
	case "$prev" in
	-o|--output|--report|--write-terrain|-f|--scenario)
		COMPREPLY=($(compgen -f -- "$cur")); return ;;
	# A template: a NAME that sandtable templates lists (any product's:
	# a wrong one is a clear error), or a file.
	--vtt)
		COMPREPLY=($(compgen -W "foundry uvtt tts all foundry,uvtt" -- "$cur")); return ;;
	# A project file: a YAML file.
	--project)
		COMPREPLY=($(compgen -f -X '!*.y*ml' -- "$cur") $(compgen -d -- "$cur")); return ;;
	# --only: the products, commas between.
	--only)
		COMPREPLY=($(compgen -W "$(sandtable --products 2>/dev/null | cut -f1)" -- "$cur")); return ;;
	# A colour profile for --pdfx: an .icc or .icm file.
	--icc)
		COMPREPLY=($(compgen -f -X '!*.ic[cm]' -- "$cur") $(compgen -d -- "$cur")); return ;;
	-t|--template)
		COMPREPLY=($(compgen -W "$(sandtable templates 2>/dev/null | cut -f1 | sort -u)" -- "$cur")
		    $(compgen -f -X '!*.y*ml' -- "$cur") $(compgen -d -- "$cur"))
		return ;;
	-p|--paper)
		COMPREPLY=($(compgen -W "A5 A4 A3 Letter Legal Tabloid none" -- "$cur")); return ;;
	-g|--grid)
		COMPREPLY=($(compgen -W "none square hex hex-pointy" -- "$cur")); return ;;
	--card)
		COMPREPLY=($(compgen -W "poker bridge tarot mini index" -- "$cur")); return ;;
	-T|--table)
		COMPREPLY=($(compgen -W "6x4ft 4x4ft 3x3ft portable" -- "$cur")); return ;;
	-d|--density)
		COMPREPLY=($(compgen -W "sparse normal dense" -- "$cur")); return ;;
	-S|--special)
		COMPREPLY=($(compgen -W "random none vital-ground forced-march early-dusk reconnaissance" -- "$cur")); return ;;
	--origin)
		COMPREPLY=($(compgen -W "tl tr bl br" -- "$cur")); return ;;
	--hex-size)
		COMPREPLY=($(compgen -W "flats corners" -- "$cur")); return ;;
	--lang)
		# The languages of the catalogues; any tag is taken (English).
		COMPREPLY=($(compgen -W "en de fr" -- "$cur")); return ;;
	--base)
		COMPREPLY=($(compgen -W "$(sandtable bases --presets 2>/dev/null | cut -f1)" -- "$cur")); return ;;
	# odds --dice EXPR: an expression, not a file.
	--dice)
		[[ "$cur" == -* ]] && COMPREPLY=($(compgen -W "--json --help" -- "$cur"))
		return ;;
	# Values that are not files: nothing to offer.
	# serve --address: this machine's own addresses.
	--address)
		COMPREPLY=($(compgen -W "127.0.0.1 ::1" -- "$cur")); return ;;
	--points|--count|--tray|--games|-n|--seed|-s|--jobs|-j|--port|--cell|--bleed|--overlap|--px-per-cell|--labels|-l|--crop-length|--crop-offset|--unit)
		return ;;
	# Options that take no value: the next word is completed as any.
	--backs|--balanced|--booklet|--dots|--dump|--guides|--help|-h|--json|--no-cache|--no-labels|--no-lines|--no-markers|--no-rulers|--no-snap|--presets|--print-template|--quiet|-q|--sample|--single|--verbose|-v|--watch|-w|--all-tiles|--skip-empty|--pdfx)
		;;
	esac
	if [ "$cmd" = help ]; then
		COMPREPLY=($(compgen -W "$commands" -- "$cur"))
		return
	fi
	# dice EXPR: an expression, not a file.
	if [ "$cmd" = dice ]; then
		[[ "$cur" == -* ]] && COMPREPLY=($(compgen -W "--json --help" -- "$cur"))
		return
	fi
	# The command's options from its table (sandtable --options).
	if [[ "$cur" == -* ]]; then
		local opts
		opts=$(sandtable --options 2>/dev/null | awk -F '\t' -v c="$cmd" '$1 == c { print $2 }')
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -X '!*.md' -- "$cur") $(compgen -d -- "$cur"))
}
complete -F _sandtable sandtable
