export const id = 948;
export const ids = [948];
export const modules = {

/***/ 948:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   main: () => (/* binding */ main)
/* harmony export */ });
async function main(_argv, io) {
    io.stderr('self-heal run: not implemented yet\n');
    return 2;
}


/***/ })

};
