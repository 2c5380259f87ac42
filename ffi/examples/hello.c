/* The smallest fourx C program (the README's C example). Build it against an installed fourx:
 *   cc -std=c11 hello.c $(pkg-config --cflags --libs fourx) -o hello
 */
#include <fourx.h>
#include <stdio.h>

int main(void) {
    fourx_buf out = {0};
    fourx_status st = fourx_call("meta.version", NULL, 0, &out);
    printf("%s\n", (const char *)out.ptr); /* result JSON, or the error document */
    fourx_buf_free(&out);                  /* the caller frees every buffer the library writes */
    return st == FOURX_STATUS_OK ? 0 : 1;
}
