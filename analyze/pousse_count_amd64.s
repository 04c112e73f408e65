//go:build amd64 && !purego

#include "textflag.h"

// The line counts of countAxis with AVX2 (see lineCounts): the O squares
// of the eight lines of each tile row (rows) or tile column (columns),
// one byte a line. Rows: a byte of a tile is a row, so the bytewise
// popcount of the 16 tiles of a tile row (a nibble table through VPSHUFB,
// four tiles a register), summed over the four 64-bit lanes. Columns: bit
// c of each byte is column c; four tile columns at once (one register a
// tile row), bits c and c+4 of every byte summed down the tile rows in
// 4-bit lanes (at most 15 tile rows), then the eight bytes of each lane
// summed by VPSADBW, one column at a time, and packed a byte a column.

// The popcount of each nibble 0..15, in both 128-bit lanes.
DATA nibblePop<>+0(SB)/8, $0x0302020102010100
DATA nibblePop<>+8(SB)/8, $0x0403030203020201
DATA nibblePop<>+16(SB)/8, $0x0302020102010100
DATA nibblePop<>+24(SB)/8, $0x0403030203020201
GLOBL nibblePop<>(SB), RODATA|NOPTR, $32

DATA lowNibbles<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles<>(SB), RODATA|NOPTR, $32

DATA bit04<>+0(SB)/8, $0x1111111111111111
DATA bit04<>+8(SB)/8, $0x1111111111111111
DATA bit04<>+16(SB)/8, $0x1111111111111111
DATA bit04<>+24(SB)/8, $0x1111111111111111
GLOBL bit04<>(SB), RODATA|NOPTR, $32

// BYTEPOP sets dst to the popcount of each byte of src (src is
// clobbered). Y6: nibblePop, Y7: lowNibbles.
#define BYTEPOP(src, dst) \
	VPAND	Y7, src, dst; \
	VPSRLW	$4, src, src; \
	VPAND	Y7, src, src; \
	VPSHUFB	dst, Y6, dst; \
	VPSHUFB	src, Y6, src; \
	VPADDB	src, dst, dst

// func rowCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64)
TEXT ·rowCountsAVX2(SB), NOSPLIT, $0-24
	MOVQ	o+0(FP), SI
	MOVQ	tiles+8(FP), CX
	MOVQ	cnt+16(FP), DI
	VMOVDQU	nibblePop<>(SB), Y6
	VMOVDQU	lowNibbles<>(SB), Y7
	XORQ	AX, AX
rowloop:
	CMPQ	AX, CX
	JGE	rowdone
	VMOVDQU	0(SI), Y0
	VMOVDQU	32(SI), Y1
	VMOVDQU	64(SI), Y2
	VMOVDQU	96(SI), Y3
	BYTEPOP(Y0, Y8)
	BYTEPOP(Y1, Y9)
	BYTEPOP(Y2, Y10)
	BYTEPOP(Y3, Y11)
	VPADDB	Y9, Y8, Y8
	VPADDB	Y11, Y10, Y10
	VPADDB	Y10, Y8, Y8
	VEXTRACTI128	$1, Y8, X9
	VPADDB	X9, X8, X8
	VPSHUFD	$0x4e, X8, X9
	VPADDB	X9, X8, X8
	MOVQ	X8, (DI)(AX*8)
	ADDQ	$128, SI
	INCQ	AX
	JMP	rowloop
rowdone:
	VZEROUPPER
	RET

// NIBSUM sets dst, per 64-bit lane, to the sum of the low nibbles of the
// bytes of acc shifted right by sh. Y5: zero, Y7: lowNibbles.
#define NIBSUM(acc, sh, tmp, dst) \
	VPSRLQ	$sh, acc, tmp; \
	VPAND	Y7, tmp, tmp; \
	VPSADBW	Y5, tmp, dst

// func colCountsAVX2(o *[256]uint64, tiles int, cnt *[16]uint64)
TEXT ·colCountsAVX2(SB), NOSPLIT, $0-24
	MOVQ	o+0(FP), SI
	MOVQ	tiles+8(FP), CX
	MOVQ	cnt+16(FP), DI
	VMOVDQU	lowNibbles<>(SB), Y7
	VMOVDQU	bit04<>(SB), Y6
	VPXOR	Y5, Y5, Y5
	XORQ	DX, DX             // the group of four tile columns, 0..3
grouploop:
	CMPQ	DX, $4
	JGE	coldone
	VPXOR	Y0, Y0, Y0
	VPXOR	Y1, Y1, Y1
	VPXOR	Y2, Y2, Y2
	VPXOR	Y3, Y3, Y3
	MOVQ	DX, BX
	SHLQ	$5, BX
	ADDQ	SI, BX             // &o[4*group], then one tile row down per step
	XORQ	AX, AX
tileloop:
	CMPQ	AX, CX
	JGE	tilesdone
	VMOVDQU	(BX), Y8
	VPAND	Y6, Y8, Y9
	VPADDB	Y9, Y0, Y0
	VPSRLQ	$1, Y8, Y9
	VPAND	Y6, Y9, Y9
	VPADDB	Y9, Y1, Y1
	VPSRLQ	$2, Y8, Y9
	VPAND	Y6, Y9, Y9
	VPADDB	Y9, Y2, Y2
	VPSRLQ	$3, Y8, Y9
	VPAND	Y6, Y9, Y9
	VPADDB	Y9, Y3, Y3
	ADDQ	$128, BX
	INCQ	AX
	JMP	tileloop
tilesdone:
	// Column c of each tile column: the low nibbles (c < 4) or the high
	// nibbles (c >= 4) of accumulator c%4, summed over the 8 bytes.
	NIBSUM(Y0, 0, Y9, Y10)
	NIBSUM(Y1, 0, Y9, Y11)
	VPSLLQ	$8, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y2, 0, Y9, Y11)
	VPSLLQ	$16, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y3, 0, Y9, Y11)
	VPSLLQ	$24, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y0, 4, Y9, Y11)
	VPSLLQ	$32, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y1, 4, Y9, Y11)
	VPSLLQ	$40, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y2, 4, Y9, Y11)
	VPSLLQ	$48, Y11, Y11
	VPOR	Y11, Y10, Y10
	NIBSUM(Y3, 4, Y9, Y11)
	VPSLLQ	$56, Y11, Y11
	VPOR	Y11, Y10, Y10
	MOVQ	DX, BX
	SHLQ	$5, BX
	VMOVDQU	Y10, (DI)(BX*1)
	INCQ	DX
	JMP	grouploop
coldone:
	VZEROUPPER
	RET
