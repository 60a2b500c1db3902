/*
 * products.c: the table of products. Everything that lists the products
 * follows it: `sandtable build` makes them in this order and names them
 * in index.json, --help lists them with their summaries, `sandtable
 * help NAME` and NAME itself find their command, the man page's entries
 * are made from it, and the bash completion asks `sandtable --commands`.
 */
#include <string.h>

#include "product.h"

/*
 * The products, in build's order (and so index.json's and --help's): a
 * product is one row here, P(NAME) for the row NAME_product that its
 * folder src/render/NAME/ defines (struct product, product.h: its
 * command's options and help, summary, files, template, needs, man page
 * entry and entry point). The CLI runs its command from the row
 * (src/cli/product_cmd.c; map, scenario and report, whose commands do
 * more than write one file, have their runs in src/cli/cmd_NAME.c).
 * PRODUCT_OF declares them, here and in that folder, so that the
 * compiler holds the definitions to the one signature.
 *
 * A new product is that folder and its row: build makes it and lists it
 * in index.json, --help, --commands, --products and --options list it,
 * the completion offers it (tests/check/example_product.sh adds
 * tests/product/roster.c so and checks that git diff shows nothing
 * else). Its entry in the man page is made from its row at build time
 * (products_man(), src/cli/man.sh: its synopsis from its option rows, its
 * man text, its files in its entry and in build's), and the completion
 * asks --commands and --options; tests/check/products.sh and
 * cli_scheme.sh hold the page so made and the completion to the table.
 */
#define PRODUCTS(P)                                                           \
	P(reference)                                                          \
	P(cards)                                                              \
	P(map)                                                                \
	P(scenario)                                                           \
	P(bases)                                                              \
	P(report)                                                             \
	P(rulebook)                                                           \
	P(html)                                                               \
	/* end of the products */

#define PRODUCT_DECL(name) PRODUCT_OF(name);
#define PRODUCT_ROW(name) &name##_product,
PRODUCTS(PRODUCT_DECL)
const struct product *const products[] = { PRODUCTS(PRODUCT_ROW) NULL };

int
product_index(const char *name)
{
	int i;

	for (i = 0; products[i] != NULL; i++)
		if (strcmp(products[i]->cmd->name, name) == 0)
			return i;
	return -1;
}

const struct product *
product_find(const char *name)
{
	int i = product_index(name);

	return i >= 0 ? products[i] : NULL;
}
